/** The Oqu logo: an open book on the brand colour. Decorative: the name is always written beside it. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="oqu-brand-mark">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M9 10.5c2.6-1.2 5-1.2 7 .6 2-1.8 4.4-1.8 7-.6v12c-2.6-1.2-5-1.2-7 .6-2-1.8-4.4-1.8-7-.6z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M16 11.1v12" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}
