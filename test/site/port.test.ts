/** `npm start -- --port N` and the two forms npm turns `--port` into when the `--` is left out. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, portOf } from '../../src/site/dev-server.ts';

describe('the dev server port', () => {
  it('takes --port N (npm start -- --port N)', () => {
    expect(portOf('5174', [], {})).toBe(5174);
    expect(portOf('0', [], {})).toBe(0);
  });
  it('defaults to 5173', () => {
    expect(portOf(undefined, [], {})).toBe(DEFAULT_PORT);
    expect(DEFAULT_PORT).toBe(5173);
  });
  it('reads what npm kept of `npm start --port=N` and `npm start --port N`', () => {
    // npm 10/11: --port=N becomes npm_config_port=N; --port N becomes npm_config_port=true and N an argument
    expect(portOf(undefined, [], { npm_config_port: '5175' })).toBe(5175);
    expect(portOf(undefined, ['5176'], { npm_config_port: 'true' })).toBe(5176);
  });
  it('explains bad values and stray arguments', () => {
    expect(portOf('80a', [], {})).toMatch(/--port must be a number from 0 to 65535, got '80a'/);
    expect(portOf('70000', [], {})).toMatch(/from 0 to 65535/);
    expect(portOf(undefined, ['extra'], {})).toMatch(/unexpected argument 'extra' \(options go after --: npm start -- --port N\)/);
    expect(portOf(undefined, ['5176'], { npm_config_port: 'true' })).toBe(5176);
  });
});
