/**
 * An answer's body as a test reads it. A test names the fields it expects and its assertions are what check
 * them, so answers are not typed field by field here; this alias is the one place tests opt out of typing.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above: an answer's shape is what the test asserts
export type Answer = any;
