import type { ThemeConfig } from 'antd';

/** Oqu's brand colour: a deep teal that keeps 4.5:1 contrast with white text and on white. */
export const BRAND = '#0e6e8c';
export const BRAND_DARK = '#0a5169';

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
    colorError: '#c0262d',
    colorSuccess: '#2b7a2e',
    colorWarning: '#a85f00',
    colorTextSecondary: 'rgba(0, 0, 0, 0.68)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    // placeholders of selects are text too (axe checks them): antd's 0.25 alpha is about 2:1
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 8,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 60, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f3f6f8' },
    Menu: {
      itemBorderRadius: 6,
      itemSelectedBg: '#e3f1f6',
      itemSelectedColor: BRAND_DARK,
      itemActiveBg: '#d3e9f1',
      itemHoverBg: '#eef5f8',
    },
  },
};
