import { CERTIFICATE_LAYOUT_FIELDS, type CertificateLayout, type CertificateLayoutField } from '@oqu/contracts';

/**
 * The certificate form shows a layout in percent (X and Y of the page; the QR code's side of the page
 * width) while the contracts keep fractions 0…1; text sizes are points on both sides.
 */
export type LayoutInputs = Record<CertificateLayoutField, { X: number; Y: number; Size: number }>;

/** Whether a field's size is a share of the page width (the QR code) rather than a font size in points. */
export const sizeIsShare = (field: CertificateLayoutField) => field === 'QR';

/** Percent with at most one decimal: what a person types, without float noise such as 12.000000000000002. */
const toPercent = (fraction: number) => Math.round(fraction * 1000) / 10;
const toFraction = (percent: number) => Math.round(percent * 10) / 1000;

export function layoutToInputs(layout: CertificateLayout): LayoutInputs {
  return Object.fromEntries(
    CERTIFICATE_LAYOUT_FIELDS.map((field) => {
      const { X, Y, Size } = layout[field];
      return [field, { X: toPercent(X), Y: toPercent(Y), Size: sizeIsShare(field) ? toPercent(Size) : Size }];
    }),
  ) as LayoutInputs;
}

export function inputsToLayout(inputs: LayoutInputs): CertificateLayout {
  return Object.fromEntries(
    CERTIFICATE_LAYOUT_FIELDS.map((field) => {
      const { X, Y, Size } = inputs[field];
      return [field, { X: toFraction(X), Y: toFraction(Y), Size: sizeIsShare(field) ? toFraction(Size) : Size }];
    }),
  ) as CertificateLayout;
}
