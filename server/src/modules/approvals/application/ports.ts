import type { OperatorRole } from '../../../contracts/operators.js';

export interface ApprovingOperator {
  id: number;
  loginId: string;
  role: OperatorRole;
}
