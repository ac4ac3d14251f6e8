import { describe, expect, it } from 'vitest';
import { CERTIFICATE_ACCEPT, checkCertificateFile } from './files';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('checkCertificateFile', () => {
  it('accepts PDF, JPEG, PNG and DOCX up to the limit', () => {
    expect(checkCertificateFile({ name: 'a.pdf', type: 'application/pdf', size: 10_000_000 })).toBeNull();
    expect(checkCertificateFile({ name: 'a.jpg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkCertificateFile({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(checkCertificateFile({ name: 'a.docx', type: DOCX, size: 10 })).toBeNull();
  });

  it('refuses a file one byte over 10,000,000 bytes', () => {
    expect(checkCertificateFile({ name: 'a.pdf', type: 'application/pdf', size: 10_000_001 })).toBe('size');
  });

  it('refuses other types whatever their size', () => {
    expect(checkCertificateFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(checkCertificateFile({ name: 'a.doc', type: 'application/msword', size: 10 })).toBe('type');
    expect(checkCertificateFile({ name: 'a.exe', type: 'application/octet-stream', size: 10_000_001 })).toBe('type');
    expect(checkCertificateFile({ name: 'a.pdf.html', type: 'text/html', size: 10 })).toBe('type');
  });

  it('goes by the name ending when the browser gives no type', () => {
    expect(checkCertificateFile({ name: 'Сертификат.DOCX', type: '', size: 10 })).toBeNull();
    expect(checkCertificateFile({ name: 'scan.pdf', type: 'application/octet-stream', size: 10 })).toBeNull();
    expect(checkCertificateFile({ name: 'notes.txt', type: '', size: 10 })).toBe('type');
    expect(checkCertificateFile({ name: 'noextension', type: '', size: 10 })).toBe('type');
  });

  it('refuses an empty file', () => {
    expect(checkCertificateFile({ name: 'a.pdf', type: 'application/pdf', size: 0 })).toBe('empty');
  });

  it('offers the same types in the file dialog', () => {
    for (const part of ['application/pdf', 'image/jpeg', 'image/png', DOCX, '.pdf', '.docx']) expect(CERTIFICATE_ACCEPT).toContain(part);
  });
});
