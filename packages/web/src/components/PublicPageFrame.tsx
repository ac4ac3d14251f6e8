import type { ReactNode } from 'react';
import { LanguageSwitch } from './LanguageSwitch';

/** The frame of the pages anyone may open (sign-in, a certificate's check): the language switch above one centred column. */
export function PublicPageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="oqu-signin">
      <header className="oqu-signin-lang">
        <LanguageSwitch />
      </header>
      <main className="oqu-signin-main" id="main">
        {children}
      </main>
    </div>
  );
}
