import { describe, expect, it, vi } from 'vitest';
import type { FaceEngine } from './engine/face-engine.js';
import { FaceEngineOnDemand } from './engine-on-demand.js';

const engine = (): FaceEngine => ({
  model: 'double',
  analyse: async () => ({ width: 1, height: 1, faces: [] }),
  similarity: () => 0,
  close: vi.fn(async () => {}),
});

describe('the face engine on demand', () => {
  it('is not started until a check asks for it, then once for all', async () => {
    const created = engine();
    const create = vi.fn(() => created);
    const holder = new FaceEngineOnDemand(create);
    expect(create).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([holder.get(), holder.get()]);
    expect(a).toBe(created);
    expect(b).toBe(created);
    expect(create).toHaveBeenCalledTimes(1);
    await holder.close();
    expect(created.close).toHaveBeenCalledTimes(1);
  });

  it('closes nothing when it was never started', async () => {
    const create = vi.fn(engine);
    await new FaceEngineOnDemand(create).close();
    expect(create).not.toHaveBeenCalled();
  });

  it('tries again after a start that failed', async () => {
    const create = vi.fn().mockRejectedValueOnce(new Error('no models')).mockResolvedValueOnce(engine());
    const holder = new FaceEngineOnDemand(create);
    await expect(holder.get()).rejects.toThrow('no models');
    await expect(holder.get()).resolves.toMatchObject({ model: 'double' });
    expect(create).toHaveBeenCalledTimes(2);
  });
});
