import { describe, expect, it } from 'vitest';
import { fillXml } from './certificate.docx.js';

const values = { Fullname: 'Ахметов <Али> & сын', Plan: 'План', Date: '25.11.2026', Number: 'OQU-2026-000007' };

describe('filling a Word template', () => {
  it('replaces a placeholder split across runs in the first run, escaping the value', () => {
    const xml =
      '<w:p w14:paraId="1"><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t>{Full</w:t></w:r>' +
      '<w:r><w:t>na</w:t></w:r><w:r><w:tab/><w:t xml:space="preserve">me} № {Number}</w:t></w:r></w:p>';
    expect(fillXml(xml, values)).toBe(
      '<w:p w14:paraId="1"><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:rPr><w:b/></w:rPr>' +
        '<w:t xml:space="preserve">Ахметов &lt;Али&gt; &amp; сын № OQU-2026-000007</w:t></w:r>' +
        '<w:r><w:t></w:t></w:r><w:r><w:tab/><w:t></w:t></w:r></w:p>',
    );
  });

  it('leaves paragraphs without a placeholder, and unknown braces, as they are', () => {
    const xml = '<w:p><w:r><w:t>Тема: {Other} &amp; A&lt;B</w:t></w:r></w:p><w:p><w:r><w:t>{Date}</w:t></w:r></w:p>';
    expect(fillXml(xml, values)).toBe(
      '<w:p><w:r><w:t>Тема: {Other} &amp; A&lt;B</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">25.11.2026</w:t></w:r></w:p>',
    );
  });
});
