/**
 * What separates the words of a name or email (contact_search_words_of() in migration 0049 splits
 * on the same set): ASCII controls, spaces, digits and punctuation, the no-break space, Arabic's
 * comma, semicolon, question mark and digits. "ahmed.hassan87@mail.test" has the words ahmed,
 * hassan, mail and test.
 */
export const SEARCH_WORD_SEPARATORS = /[\x00-\x40\x5b-\x60\x7b-\x7f\u00a0\u060c\u061b\u061f\u0660-\u0669]/;

/** Shorter fragments have no trigram for the lexicon's index to look up. */
const MIN_FRAGMENT = 3;

/** More words of the lexicon than this contain the fragment: the folded text's trigram index answers instead. */
export const MAX_LEXICON_WORDS = 20;

/**
 * Whether the words answer this search exactly: a fragment with no separator is part of a name or
 * email exactly when it is part of one of its words.
 */
export const isWordFragment = (q: string): boolean => q.length >= MIN_FRAGMENT && !SEARCH_WORD_SEPARATORS.test(q);
