/**
 * Where a servicing write meets the funds' two-person approval (docs/decisions/0067). The controls feature lands
 * moves through servicing's own actions, so servicing cannot need it in turn: the controls register their gate
 * here when the app is built (app.ts), and the servicing routes ask it whether a move lands now or waits.
 */
import type { Db } from '../db/client';
import type { ApprovalAnswer } from '../../shared/schemas/controls';
import type { Gated } from '../controls/actions';
import type { Move } from '../controls/moves';
import type { Author } from './actions/write-on-loan';

export interface MoveGate {
  gate(db: Db, move: Move, author: Author): Promise<Gated>;
  pendingAnswer(
    db: Db,
    id: string,
    viewer: { id: string; mayApprove: boolean },
    author: Author,
  ): Promise<ApprovalAnswer>;
}

let registered: MoveGate | undefined;

export function registerMoveGate(gate: MoveGate): void {
  registered = gate;
}

export function moveGate(): MoveGate {
  if (!registered) throw new Error('No move gate registered: the app registers the controls’ gate when built.');
  return registered;
}
