import { describe, expect, it } from 'vitest';
import { isValidIin } from './iin.js';

const DEMO_IINS = ['850101300005', '900215400003', '781203300007', '950701400004', '991111500003'];

describe('isValidIin', () => {
  it('accepts the demo IINs', () => {
    for (const iin of DEMO_IINS) expect(isValidIin(iin), iin).toBe(true);
  });

  it('refuses a changed check digit', () => {
    for (const iin of DEMO_IINS) {
      for (let digit = 0; digit <= 9; digit++) {
        if (String(digit) === iin[11]) continue;
        expect(isValidIin(`${iin.slice(0, 11)}${digit}`), `${iin.slice(0, 11)}${digit}`).toBe(false);
      }
    }
  });

  it('refuses a changed digit elsewhere', () => {
    // 850101300005 → 850101300105: the weighted sum moves by 10, the check digit no longer fits
    expect(isValidIin('850101300105')).toBe(false);
    // 950701400004 → 950711400004: a changed month digit
    expect(isValidIin('950711400004')).toBe(false);
  });

  it('refuses anything but exactly 12 digits', () => {
    for (const value of [
      '85010130000',
      '8501013000051',
      '',
      '85010130000a',
      'ABCDEFGHIJKL',
      ' 850101300005',
      '850101300005 ',
      '8501-0130000',
      '８５０１０１３００００５',
    ]) {
      expect(isValidIin(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('uses the second weights when the first checksum is 10', () => {
    // 85010100071: first weights 1..11 give 1·8+2·5+3·0+4·1+5·0+6·1+7·0+8·0+9·0+10·7+11·1 = 109 ≡ 10 (mod 11);
    // second weights 3..11,1,2 give 3·8+4·5+5·0+6·1+7·0+8·1+9·0+10·0+11·0+1·7+2·1 = 67 ≡ 1 (mod 11)
    expect(isValidIin('850101000711')).toBe(true);
    for (let digit = 0; digit <= 9; digit++) if (digit !== 1) expect(isValidIin(`85010100071${digit}`)).toBe(false);
  });

  it('refuses every check digit when both checksums are 10', () => {
    // 85010100070: first weights give 98 ≡ 10, second weights 65 ≡ 10 as well — no IIN starts like this
    for (let digit = 0; digit <= 9; digit++) expect(isValidIin(`85010100070${digit}`)).toBe(false);
  });
});
