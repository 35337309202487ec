/** CPU seconds (user + system) used so far by this process's reaped children, from
 *  /proc/self/stat (cutime, cstime: clock ticks of 1/100 s): what a spawned command cost, threads
 *  and all, whatever else the machine runs. Linux only. */
import { readFileSync } from 'node:fs';

export function childCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100; // fields 16 and 17 of stat
}
