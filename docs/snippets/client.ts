// Use it from your app: the typed client (browsers, Workers, Node 20+).
import { createEngramClient, isEngramError } from '@engram/client';

export async function clientExample(baseUrl: string, apiKey: string) {
  const engram = createEngramClient({ baseUrl, apiKey }); // retries safe calls twice by default

  // Remember what the user taught the app.
  const { memory } = await engram.remember({
    subject: 'user-42',
    kind: 'preference',
    content: "I don't eat cilantro",
    facet: 'cilantro',
    polarity: 'avoid',
  });

  // Before answering, recall what matters and put the context block in the prompt.
  const recalled = await engram.recall(
    { subject: 'user-42', query: 'what should I cook tonight? no herbs I dislike', explain: true },
    { signal: AbortSignal.timeout(3000) },
  );
  const prompt = `${recalled.context}\n\nUser: what should I cook tonight?`;

  // The write gate refuses secrets: branch on the error code, never on the message.
  let refused: string | null = null;
  try {
    await engram.remember({
      subject: 'user-42',
      kind: 'fact',
      content: 'my AWS key is AKIAIOSFODNN7EXAMPLE',
    });
  } catch (error) {
    if (isEngramError(error, 'rejected_by_gate')) refused = error.code;
    else throw error;
  }

  // The user changed their mind: revoke it; recall never returns it again.
  await engram.revoke(memory.id, 'user asked to forget');
  return { memory, prompt, items: recalled.items, refused };
}
