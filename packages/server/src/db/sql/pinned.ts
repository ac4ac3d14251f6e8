/**
 * What each migration applied from this folder: for every source file it applies, the hash
 * (`sqlSourceHash`) of the text it applied when it landed. A file keeps only the current source and
 * every migration reads it, so a fresh database always gets the current function, while a database
 * migrated before has what its last applying migration ran then. Changing a function therefore takes a
 * new migration that applies the file again, and that migration's entry here with the new hash; like
 * the migrations, an entry is never edited once landed. `sql-sources.test.ts` fails when a file's text
 * differs from the pin of the last migration applying it, or when a migration applies a file it does
 * not pin.
 */
export const sqlPins: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '202611240004_sql_sources': {
    attempts_lock_key: '0ba2cec91c3481400cabdb40d1d59fe86bae745e94fc4bf9aad6008e4168b962',
    attempts_record_answer: 'bf7311b1018634fb95d61f04847c8075cc2c4eadf91314562e485d000f867279',
    questions_wait_for_answers: '03e1cfd385983f9a83f9d1898041278d2bac8bfe6ac89820684423d0a0d80c18',
    questions_keep_answered: '2341e36893340c05c53d87586a1bf967f29ddd786334823d2ed234dc60c6d415',
  },
  '202611270005_statistics_record': {
    plan_membership_track: '15be1eb3ba1522ae2b3dafb3803a9f24b0abbfcd17c7a08e9104e2d91bf0e37d',
  },
  '202612030001_attempt_start': {
    attempts_start: '333ac8b1402130d4a8e75ed1710d090c5a58afe9ecd0b997db0964845dafa314',
    questions_bump_version: 'a521869c16b5bcd93f4fca46a7eccd6f71dead0c60b8a0131091aa2b768ec3e1',
    tests_keep_attempted: 'ee942d75a79ec6bd916bc58348c96079e3782d33bedf57a0dd0f7bced9ec3434',
  },
};
