/**
 * A seat as people count it, from 1. The engine, its logs, replay logs, JSON and CSV keep the
 * 0-based index; everything a person reads (the table, reports, the site) shows this number.
 */
export function seatNumber(seat: number): number {
  return seat + 1;
}
