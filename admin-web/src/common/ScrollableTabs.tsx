import { TabbedShowLayoutTabs, type TabbedShowLayoutTabsProps } from 'react-admin';

/** The same for a page's own MUI Tabs. */
export const scrollableTabProps = {
  variant: 'scrollable',
  scrollButtons: 'auto',
  allowScrollButtonsMobile: true,
} as const;

/**
 * A record page's tabs: more tabs than a phone's width scroll sideways (with arrows) instead of widening the
 * page. TabbedShowLayout hands its tabs in as children, passed on here.
 */
export const ScrollableTabs = (props: TabbedShowLayoutTabsProps) => (
  <TabbedShowLayoutTabs {...props} {...scrollableTabProps} />
);
