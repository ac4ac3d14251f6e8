import type { FaceEngine } from './engine/face-engine.js';

/**
 * The face model, started the first time a check needs it: loading it takes seconds and memory, and
 * an app with FACE_CHECK=off that nobody asks to compare photos never does.
 */
export class FaceEngineOnDemand {
  private started: Promise<FaceEngine> | null = null;

  constructor(private readonly create: () => FaceEngine | Promise<FaceEngine>) {}

  /** The engine, started now if it is not yet; a start that failed is tried again on the next call. */
  get = (): Promise<FaceEngine> => {
    this.started ??= Promise.resolve()
      .then(this.create)
      .catch((error: unknown) => {
        this.started = null;
        throw error;
      });
    return this.started;
  };

  /** Closes the engine if it was started. */
  async close(): Promise<void> {
    const started = this.started;
    this.started = null;
    const engine = await started?.catch(() => null);
    await engine?.close();
  }
}
