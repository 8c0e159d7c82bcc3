import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { createElement } from 'react';
import { koKR } from '@mui/material/locale';
import {
  LabelledEditActions,
  LabelledEmpty,
  LabelledFormToolbar,
  LabelledListActions,
  LabelledShowActions,
} from '../common/LabelledButtons';

type Components = Record<string, { defaultProps?: object } & Record<string, unknown>>;

/**
 * react-admin's themes with MUI's Korean texts (the phone pager's 이전/다음 페이지, the pagination's labels):
 * each component keeps react-admin's settings, its default props gain MUI's Korean ones.
 */
const inKorean = (theme: RaThemeOptions): RaThemeOptions => {
  const ours = (theme.components ?? {}) as Components;
  const korean = koKR.components as Components;
  const merged: Components = { ...ours };
  for (const [name, value] of Object.entries(korean))
    merged[name] = { ...ours[name], defaultProps: { ...ours[name]?.defaultProps, ...value.defaultProps } };
  // Every list's toolbar and empty page keep their buttons' text on a phone.
  merged.RaList = {
    ...merged.RaList,
    defaultProps: {
      ...merged.RaList?.defaultProps,
      actions: createElement(LabelledListActions),
      empty: createElement(LabelledEmpty),
    },
  };
  // Record pages' default toolbars and the forms' 저장 / 삭제 likewise (pages with their own keep theirs).
  const withDefault = (name: string, props: object) =>
    (merged[name] = { ...merged[name], defaultProps: { ...merged[name]?.defaultProps, ...props } });
  withDefault('RaEdit', { actions: createElement(LabelledEditActions) });
  withDefault('RaShow', { actions: createElement(LabelledShowActions) });
  withDefault('RaSimpleForm', { toolbar: createElement(LabelledFormToolbar) });
  return { ...theme, components: merged as RaThemeOptions['components'] };
};

export const lightTheme = inKorean(defaultLightTheme);
export const darkTheme = inKorean(defaultDarkTheme);
