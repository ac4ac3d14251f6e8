/** Rows of webinars to the spec's shapes. */
export {};
