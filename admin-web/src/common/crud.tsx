import { lazy, type ComponentType, type ReactNode } from 'react';
import { Create, Edit, SimpleForm } from 'react-admin';

/** The edit and create pages of a resource share one form body. */
export const EditPage = ({ children }: { children: ReactNode }) => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>{children}</SimpleForm>
  </Edit>
);

/** An empty sort order is left out, so the server puts the new item at the end of its list. */
const withoutEmptyOrder = ({ sortOrder, ...rest }: Record<string, unknown>) =>
  sortOrder === null || sortOrder === undefined || sortOrder === '' ? rest : { ...rest, sortOrder };

export const CreatePage = ({ children }: { children: ReactNode }) => (
  <Create redirect="list" transform={withoutEmptyOrder}>
    <SimpleForm>{children}</SimpleForm>
  </Create>
);

type View = () => Promise<{ default: ComponentType }>;

/** A resource's lazily loaded list, and its edit and create pages around one form (XxxList.tsx, XxxForm.tsx). */
export function crudResource(
  views: { list: View; form: View },
  icon: ComponentType,
  extra: Record<string, unknown> = {},
) {
  const Form = lazy(views.form);
  return {
    list: lazy(views.list),
    edit: () => (
      <EditPage>
        <Form />
      </EditPage>
    ),
    create: () => (
      <CreatePage>
        <Form />
      </CreatePage>
    ),
    icon,
    ...extra,
  };
}
