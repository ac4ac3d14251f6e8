import type { ThemeConfig } from 'antd';

/** Oqu's brand colour: a deep teal that keeps 4.5:1 contrast with white text and on white. */
export const BRAND = '#0e6e8c';
export const BRAND_DARK = '#0a5169';

/**
 * The keyboard focus outline of every control (WCAG 1.4.11 asks 3:1 on what it is drawn over): antd
 * draws its outlines in `colorPrimaryBorder`, which it would derive as a pale teal (2.65:1 on white);
 * styles.css draws the app's own in `--oqu-focus`, the same colour.
 */
export const FOCUS = BRAND;

/** The colours the app's controls sit on; the focus outline keeps 3:1 on each (theme.test.ts). */
export const BACKGROUNDS = {
  /** cards, the header, the sidebar, popups and dialogs */
  container: '#ffffff',
  layout: '#f3f6f8',
  menuSelected: '#e3f1f6',
  menuHover: '#eef5f8',
  menuPressed: '#d3e9f1',
} as const;

/** Secondary text still read as text: placeholders, an open date picker's days of the months around. */
export const MUTED_TEXT = 'rgba(0, 0, 0, 0.6)';

/** A focused text field: its border and this ring, both in the focus colour. */
const focusRing = `0 0 0 2px ${FOCUS}`;

/**
 * antd's default secondary, success and error colours fall below WCAG AA contrast on white;
 * these keep every text at 4.5:1 or more.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    colorInfo: BRAND,
    colorLink: BRAND,
    // antd derives lighter hover shades, which drop white-on-teal (and teal-on-white) below 4.5:1:
    // hovering darkens instead
    colorPrimaryHover: BRAND_DARK,
    colorPrimaryActive: '#083f52',
    colorLinkHover: BRAND_DARK,
    colorPrimaryBorder: FOCUS,
    colorError: '#c0262d',
    colorSuccess: '#2b7a2e',
    colorWarning: '#a85f00',
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // placeholders of selects are text too (axe checks them): antd's 0.25 alpha is about 2:1
    colorTextPlaceholder: MUTED_TEXT,
    borderRadius: 8,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: {
      headerBg: BACKGROUNDS.container,
      headerHeight: 60,
      headerPadding: '0 16px',
      siderBg: BACKGROUNDS.container,
      bodyBg: BACKGROUNDS.layout,
    },
    Menu: {
      itemBorderRadius: 6,
      itemSelectedBg: BACKGROUNDS.menuSelected,
      itemSelectedColor: BRAND_DARK,
      itemActiveBg: BACKGROUNDS.menuPressed,
      itemHoverBg: BACKGROUNDS.menuHover,
    },
    // antd's focus glow of text fields and selects is a pale tint (1.69:1)
    Input: { activeShadow: focusRing },
    Select: { activeOutlineColor: FOCUS },
    InputNumber: { activeShadow: focusRing },
    // the days of the months before and after are ones to pick, in antd's disabled grey (1.83:1)
    DatePicker: { activeShadow: focusRing, colorTextDisabled: MUTED_TEXT },
  },
};
