import { describe, expect, it } from 'vitest';
import { directionOf, dragged, FOV, fromOrientation, KEY_STEP, keyed, MAX_PITCH, normalised, uvOf } from './panorama';

function close(actual: number[], expected: number[]) {
  for (const [index, value] of actual.entries()) expect(value).toBeCloseTo(expected[index] ?? Number.NaN, 6);
}

describe('the 360° viewer’s geometry', () => {
  it('looks at the middle of the picture ahead, at its edges behind, at its top and bottom up and down', () => {
    close(uvOf(directionOf({ yaw: 0, pitch: 0 })), [0.5, 0.5]);
    close(uvOf(directionOf({ yaw: Math.PI / 2, pitch: 0 })), [0.75, 0.5]);
    close(uvOf(directionOf({ yaw: -Math.PI / 2, pitch: 0 })), [0.25, 0.5]);
    expect(uvOf(directionOf({ yaw: Math.PI, pitch: 0 }))[0]).toBeCloseTo(1, 6);
    close([uvOf(directionOf({ yaw: 0, pitch: Math.PI / 2 }))[1]], [0]);
    close([uvOf(directionOf({ yaw: 0, pitch: -Math.PI / 2 }))[1]], [1]);
  });

  it('keeps yaw within one turn and pitch short of straight up and down', () => {
    expect(normalised({ yaw: 3 * Math.PI, pitch: 0 }).yaw).toBeCloseTo(Math.PI, 9);
    expect(normalised({ yaw: -Math.PI / 2 - 2 * Math.PI, pitch: 0 }).yaw).toBeCloseTo(-Math.PI / 2, 9);
    expect(normalised({ yaw: 0, pitch: 2 }).pitch).toBe(MAX_PITCH);
    expect(normalised({ yaw: 0, pitch: -2 }).pitch).toBe(-MAX_PITCH);
  });

  it('follows the pointer: dragging right turns left by the field of view per viewer height', () => {
    expect(dragged({ yaw: 0, pitch: 0 }, 100, 0, 100).yaw).toBeCloseTo(-FOV, 9);
    expect(dragged({ yaw: 0, pitch: 0 }, 0, 50, 100).pitch).toBeCloseTo(FOV / 2, 9);
  });

  it('turns by a step per arrow key and ignores other keys', () => {
    expect(keyed({ yaw: 0, pitch: 0 }, 'ArrowRight')?.yaw).toBeCloseTo(KEY_STEP, 9);
    expect(keyed({ yaw: 0, pitch: 0 }, 'ArrowUp')?.pitch).toBeCloseTo(KEY_STEP, 9);
    expect(keyed({ yaw: 0, pitch: 0 }, 'Enter')).toBeNull();
  });

  it('reads an upright phone as looking ahead', () => {
    const view = fromOrientation(0, 90);
    expect(view.yaw).toBeCloseTo(0, 9);
    expect(view.pitch).toBeCloseTo(0, 9);
    expect(fromOrientation(90, 90).yaw).toBeCloseTo(-Math.PI / 2, 9);
  });
});
