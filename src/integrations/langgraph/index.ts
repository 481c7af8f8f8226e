// LangGraph integration: a BaseStore on Engram, and the namespace mapping it uses.
export { EngramStore, type EngramStoreOptions } from './engram-store.ts';
export { ITEM_URI_SCHEME, itemUri, LANGGRAPH_TAG, parseItemUri, placeNamespace } from './namespace.ts';
