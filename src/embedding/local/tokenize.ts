// The local model's tokenizer lives with the language helpers (src/language/word-tokens.ts), which recall's lexical
// share reads too; Workers code may not import this folder.
export { tokenize } from '../../language/word-tokens.ts';
