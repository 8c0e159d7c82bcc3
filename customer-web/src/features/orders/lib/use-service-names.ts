import { useServices } from '../api/get-services';
import { swapFlags } from '../../../lib/format';

/** serviceId -> product name for the history tables. */
export function useServiceName(): (serviceId: number) => string {
  const { data = [] } = useServices();
  const names = new Map(data.map((s) => [s.id, s.text]));
  return (id) => swapFlags(names.get(id) ?? `#${id}`);
}
