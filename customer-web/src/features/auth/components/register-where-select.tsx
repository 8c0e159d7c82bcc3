import type { UseFormRegisterReturn } from 'react-hook-form';
import { Select } from '../../../components/ui/field';
import { useRegisterWhere } from '../api/get-register-where';

/** The sign-up-route dropdown (가입경로). */
export function RegisterWhereSelect({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  const { data = [] } = useRegisterWhere();
  return (
    <Select label="가입경로" error={error} defaultValue="" {...registration}>
      <option value="">가입경로 선택</option>
      {data.map((option) => (
        <option key={option.id ?? option.text} value={option.text}>
          {option.text}
        </option>
      ))}
    </Select>
  );
}
