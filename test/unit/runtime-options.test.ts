import { missingNodeOptions, nodeMajor, recommendedNodeOptions } from '../../src/config/runtime-options.js';

describe('the Node options the hub runs with', () => {
  it('reads the major version', () => {
    expect(nodeMajor('v22.23.3')).toBe(22);
    expect(nodeMajor('24.0.0')).toBe(24);
    expect(nodeMajor('nonsense')).toBeNaN();
  });

  it('gives Node 22 the context-frame AsyncLocalStorage, and Node 20 and 24 nothing (24 refuses the option)', () => {
    expect(recommendedNodeOptions('v22.15.0')).toEqual(['--experimental-async-context-frame']);
    expect(recommendedNodeOptions('v24.21.0')).toEqual([]);
    expect(recommendedNodeOptions('v20.20.2')).toEqual([]);
  });

  it('finds the options missing from both the command line and NODE_OPTIONS', () => {
    expect(missingNodeOptions('v22.23.3', [], undefined)).toEqual(['--experimental-async-context-frame']);
    expect(missingNodeOptions('v22.23.3', ['--experimental-async-context-frame'], undefined)).toEqual([]);
    expect(missingNodeOptions('v22.23.3', [], '--max-old-space-size=512  --experimental-async-context-frame')).toEqual(
      [],
    );
    expect(missingNodeOptions('v22.23.3', ['--experimental-async-context-frame-x'], '')).toEqual([
      '--experimental-async-context-frame',
    ]);
    expect(missingNodeOptions('v24.21.0', [], undefined)).toEqual([]);
  });
});
