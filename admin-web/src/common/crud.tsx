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

/** A resource's lazily loaded list/edit/create from one module that exports List and Form. */
export function crudResource(
  load: () => Promise<{ List: ComponentType; Form: ComponentType }>,
  icon: ComponentType,
  extra: Record<string, unknown> = {},
) {
  let loading: ReturnType<typeof load> | undefined;
  const module = () => (loading ??= load());
  const Form = lazy(async () => ({ default: (await module()).Form }));
  return {
    list: lazy(async () => ({ default: (await module()).List })),
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
