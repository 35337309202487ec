/** bench:where's sorting of profile samples into the engine's parts (the figures themselves are not asserted: they are timings) */
import { describe, expect, it } from 'vitest';
import { partOf, shares } from '../../bench/where.ts';

describe('bench:where', () => {
  it('gives each source its part', () => {
    expect(partOf('file:///w/src/expr/compile.ts', 'within')).toBe('expressions');
    expect(partOf('file:///w/src/interpreter/compile/members.ts', 'get')).toBe('expressions');
    expect(partOf('', 'f12')).toBe('expressions');
    // a spec function's body that takes its parameters as arguments (src/codegen/emit.ts)
    expect(partOf('', 'h7')).toBe('expressions');
    expect(partOf('', 'g3')).toBe('blocks');
    expect(partOf('file:///w/src/interpreter/vm.ts', 'run')).toBe('machine');
    expect(partOf('file:///w/src/effects/move.ts', '')).toBe('effects');
    expect(partOf('file:///w/src/agents/random-agent.ts', 'index')).toBe('agent');
    expect(partOf('file:///w/node_modules/pure-rand/lib/x.js', 'next')).toBe('agent');
    expect(partOf('', '(garbage collector)')).toBe('gc');
    expect(partOf('node:internal/x', 'y')).toBe('other');
    expect(partOf('', '(idle)')).toBeUndefined();
  });

  it('shares the samples by own time, idle left out', () => {
    const nodes = [
      { id: 1, callFrame: { functionName: '(idle)', url: '' } },
      { id: 2, callFrame: { functionName: 'f1', url: '' } },
      { id: 3, callFrame: { functionName: 'run', url: 'file:///w/src/interpreter/vm.ts' } },
    ];
    const s = shares({ nodes, samples: [1, 2, 3, 3, 2, 3], timeDeltas: [50, 10, 10, 10, 10, 20] });
    expect(s.expressions).toBeCloseTo(20 / 60);
    expect(s.machine).toBeCloseTo(40 / 60);
    expect(s.gc).toBe(0);
  });
});
