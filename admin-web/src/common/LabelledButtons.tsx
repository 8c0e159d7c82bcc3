import { useMemo, type ReactNode } from 'react';
import { ThemeProvider, unstable_createBreakpoints as createBreakpoints, useTheme } from '@mui/material/styles';
import { EditActions, Empty, ListActions, ShowActions, Toolbar, type ListActionsProps } from 'react-admin';

/**
 * react-admin's buttons drop their label below `sm` (an icon with a tooltip) and CreateButton turns into a
 * floating icon below `md`; a phone has no hover for the tooltip. Inside this, they see breakpoints that never
 * call the screen small, so they keep their text at every width.
 */
export const LabelledButtons = ({ children }: { children: ReactNode }) => {
  const theme = useTheme();
  const wide = useMemo(
    () => ({ ...theme, breakpoints: createBreakpoints({ values: { ...theme.breakpoints.values, sm: 0, md: 0 } }) }),
    [theme],
  );
  return <ThemeProvider theme={wide}>{children}</ThemeProvider>;
};

/** A list's toolbar (필터 추가, 만들기, 내보내기) with its buttons labelled; on a phone they wrap onto a second line. */
export const LabelledListActions = (props: ListActionsProps) => (
  <LabelledButtons>
    <ListActions {...props} sx={{ flexWrap: 'wrap', whiteSpace: 'normal' }} />
  </LabelledButtons>
);

/** A list with no rows yet: its 만들기 a labelled button, not a floating +. */
export const LabelledEmpty = () => (
  <LabelledButtons>
    <Empty />
  </LabelledButtons>
);

/** A record page's default toolbar (보기 / 편집) with its buttons labelled. */
export const LabelledEditActions = () => (
  <LabelledButtons>
    <EditActions />
  </LabelledButtons>
);
export const LabelledShowActions = () => (
  <LabelledButtons>
    <ShowActions />
  </LabelledButtons>
);

/** A form's 저장 / 삭제 with 삭제 labelled too (react-admin draws it as a bare icon on a phone). */
export const LabelledFormToolbar = () => (
  <LabelledButtons>
    <Toolbar />
  </LabelledButtons>
);
