// The cells of the tables people paste into a memory: CSV and TSV exports ("name,url,username,password") and
// markdown tables ("| Device | User | Password |"). A value in a table is labelled by its column's header, not by
// words before it, so the detectors that read labels read tables here. Pure.

export interface TableCell {
  /** The column's header as words: quotes and markdown emphasis stripped, underscores and dashes as spaces. */
  header: string;
  /** The cell's text, trimmed and unquoted. */
  value: string;
  /** Offsets of `value` in the text. */
  start: number;
  end: number;
}

const MARKDOWN_RULE = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)+\|?\s*$/;

function headerWords(name: string): string {
  return name
    .trim()
    .replace(/^["'*_`]+|["'*_`]+$/g, '')
    .replace(/[_-]+/g, ' ')
    .trim();
}

/** A line split at `separator`, each piece with its offset in the line (markdown: the outer pipes dropped). */
function split(line: string, separator: string): { text: string; at: number }[] {
  const pieces: { text: string; at: number }[] = [];
  let at = 0;
  for (const text of line.split(separator)) {
    pieces.push({ text, at });
    at += text.length + separator.length;
  }
  if (separator === '|') {
    if (pieces[0]?.text.trim() === '') pieces.shift();
    if (pieces.at(-1)?.text.trim() === '') pieces.pop();
  }
  return pieces;
}

function cellOf(
  header: string,
  row: { index: number },
  piece: { text: string; at: number },
): TableCell | null {
  const value = piece.text.trim().replace(/^["']|["']$/g, '');
  if (value === '') return null;
  const start = row.index + piece.at + piece.text.indexOf(value);
  return { header, value, start, end: start + value.length };
}

// The last text read and its cells: the password, card and passport detectors each read a text's tables, in turn.
let last: { text: string; cells: TableCell[] } | null = null;

/**
 * Every data cell of the CSV, TSV and markdown tables in `text`, with its column's header. A table is a header
 * line of two or more cells and the rows after it with as many cells (a markdown table: a rule line of dashes
 * after its header); the next table's header is looked for after its last row, so no row is read as a header.
 */
export function tableCells(text: string): readonly TableCell[] {
  if (last?.text === text) return last.cells;
  const lines = Array.from(text.matchAll(/[^\n]+/g));
  const cells: TableCell[] = [];
  for (let h = 0; h < lines.length - 1; h++) {
    const header = lines[h]![0];
    const markdown = header.includes('|') && MARKDOWN_RULE.test(lines[h + 1]![0]);
    const separator = markdown ? '|' : header.includes('\t') ? '\t' : header.includes('|') ? null : ',';
    if (separator === null) continue;
    const names = split(header, separator).map((p) => headerWords(p.text));
    if (names.length < 2) continue;
    let r = h + (markdown ? 2 : 1);
    for (; r < lines.length; r++) {
      const row = lines[r]!;
      const pieces = split(row[0], separator);
      if (pieces.length !== names.length) break;
      pieces.forEach((piece, i) => {
        const cell = cellOf(names[i]!, row, piece);
        if (cell) cells.push(cell);
      });
    }
    // Past the table's rows (and a markdown table's rule, even with no row).
    if (r > h + 1) h = r - 1;
  }
  last = { text, cells };
  return cells;
}

/** Whether `label` (a global, case-insensitive pattern) matches the whole of a header. */
export function headerIs(header: string, label: RegExp): boolean {
  // matchAll works on a copy: the shared global pattern keeps its state.
  return Array.from(header.matchAll(label)).some((m) => m.index === 0 && m[0].length === header.length);
}
