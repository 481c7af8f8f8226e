// What a pattern finds in one user turn, before it becomes an extractor answer item and goes through validation.
import type { ExtractedItem, ProposalKind } from '../../core/proposal-schemas.ts';

export interface Finding {
  kind: ProposalKind;
  content: string;
  key?: string | undefined;
  facet?: string | undefined;
  polarity?: 'prefer' | 'avoid' | undefined;
  trigger?: string | undefined;
  tags: string[];
  confidence: number;
}

/** How sure a pattern is: asked to remember, a plain first-person statement, or a looser generic reading. */
export const CONFIDENCE = { asked: 0.95, stated: 0.85, generic: 0.7 } as const;

/** The answer item of a finding from turn `index`, in the wire shape every extractor's output is validated in. */
export function toItem(finding: Finding, index: number): ExtractedItem {
  return {
    kind: finding.kind,
    content: finding.content,
    key: finding.key ?? null,
    facet: finding.facet ?? null,
    polarity: finding.polarity ?? null,
    trigger: finding.trigger ?? null,
    tags: finding.tags,
    confidence: finding.confidence,
    source_turns: [index],
  };
}

/** A finding from a plain first-person statement (confidence `stated` unless given). */
export function stated(f: Omit<Finding, 'confidence'> & { confidence?: number }): Finding {
  return { confidence: CONFIDENCE.stated, ...f };
}

/** A preference the user asked for as an instruction to the assistant ("always use 24h times", "以后说简单点"). */
export function askedPreference(content: string): Finding {
  return { kind: 'preference', content, confidence: CONFIDENCE.asked, tags: ['instruction'] };
}
