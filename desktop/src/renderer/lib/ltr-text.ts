/**
 * Left-to-right isolation inside a sentence (U+2066 … U+2069), for text that cannot hold an
 * `<Ltr>` element (an interpolated value, a native notification): "+20 100…" keeps its order in
 * Arabic text and does not reorder the words around it.
 */
export const ltrText = (text: string) => `\u2066${text}\u2069`;
