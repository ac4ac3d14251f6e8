/** Thread rows to the spec's Problem and Answer. */
export {};
