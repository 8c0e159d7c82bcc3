// The alerts' words other modules use as values (alert kinds); the entity that carries them stays inside.
export { ALERT_KINDS } from './operator-alert.entity.js';
