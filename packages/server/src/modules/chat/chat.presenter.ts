/** Chat rows to the spec's Chat message. */
export {};
