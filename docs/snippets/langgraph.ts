// Use it from your app: LangGraph.js long-term memory. Where the app had
//   const store = PostgresStore.fromConnString(process.env.DATABASE_URL);
// it now builds an EngramStore; the graph's code does not change.
import { EngramStore } from '@engram/langgraph';

export async function langgraphExample(baseUrl: string, apiKey: string) {
  const store = new EngramStore({ baseUrl, apiKey });

  // Namespaces are [subject, kind?, ...labels]: this item is a preference of user-42, tagged "food".
  await store.put(['user-42', 'preference', 'food'], 'spice', { text: 'likes very spicy food', level: 5 });
  await store.put(['user-42', 'preference', 'food'], 'dessert', { text: 'skips dessert', level: 1 });

  const item = await store.get(['user-42', 'preference', 'food'], 'spice');
  const hits = await store.search(['user-42'], { query: 'how spicy should dinner be?', limit: 3 });
  const strong = await store.search(['user-42', 'preference'], { filter: { level: { $gte: 3 } } });
  const namespaces = await store.listNamespaces({ prefix: ['user-42'] });
  await store.delete(['user-42', 'preference', 'food'], 'dessert');
  return { item, hits, strong, namespaces };
}
