// The local model's stop words live with the language helpers (src/language/stop-words.ts), which recall's lexical
// share reads too; Workers code may not import this folder.
export { STOP_WORDS } from '../../language/stop-words.ts';
