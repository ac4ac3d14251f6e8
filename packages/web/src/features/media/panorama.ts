/**
 * The 360° viewer's geometry. A view is a yaw (turning left and right, radians, 0 = the middle of the
 * equirectangular picture) and a pitch (up and down, ±MAX_PITCH). The fragment shader maps each pixel's
 * view direction to the picture the same way `uvOf` does, so the tests check the mapping here.
 */
export interface View {
  yaw: number;
  pitch: number;
}

export const MAX_PITCH = (85 * Math.PI) / 180;
/** the vertical field of view */
export const FOV = (75 * Math.PI) / 180;
/** one arrow key press */
export const KEY_STEP = (5 * Math.PI) / 180;

const TAU = Math.PI * 2;

/** The view kept in range: yaw in (-π, π], pitch within ±MAX_PITCH. */
export function normalised({ yaw, pitch }: View): View {
  let wrapped = ((((yaw + Math.PI) % TAU) + TAU) % TAU) - Math.PI;
  if (wrapped === -Math.PI) wrapped = Math.PI;
  return { yaw: wrapped, pitch: Math.max(-MAX_PITCH, Math.min(MAX_PITCH, pitch)) };
}

/** The view after dragging by (dx, dy) CSS pixels on a viewer `height` pixels high: the picture follows the pointer. */
export function dragged(view: View, dx: number, dy: number, height: number): View {
  const perPixel = FOV / Math.max(1, height);
  return normalised({ yaw: view.yaw - dx * perPixel, pitch: view.pitch + dy * perPixel });
}

/** The view after an arrow key, or null for any other key. */
export function keyed(view: View, key: string): View | null {
  const step = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, KEY_STEP], ArrowDown: [0, -KEY_STEP] }[key];
  return step ? normalised({ yaw: view.yaw + (step[0] ?? 0), pitch: view.pitch + (step[1] ?? 0) }) : null;
}

/**
 * A phone's orientation as a view (deviceorientation: alpha the compass turn, beta the tilt forward,
 * both in degrees): held upright (beta 90) the phone looks ahead.
 */
export function fromOrientation(alpha: number, beta: number): View {
  return normalised({ yaw: (-alpha * Math.PI) / 180, pitch: ((beta - 90) * Math.PI) / 180 });
}

/** The direction a view looks in (x right, y up, -z ahead at yaw 0). */
export function directionOf({ yaw, pitch }: View): [number, number, number] {
  return [Math.sin(yaw) * Math.cos(pitch), Math.sin(pitch), -Math.cos(yaw) * Math.cos(pitch)];
}

/** Where a direction falls in the equirectangular picture: u across (0 left edge, 0.5 ahead), v down (0 top). */
export function uvOf([x, y, z]: [number, number, number]): [number, number] {
  const length = Math.hypot(x, y, z) || 1;
  const longitude = Math.atan2(x, -z);
  const latitude = Math.asin(Math.max(-1, Math.min(1, y / length)));
  return [longitude / TAU + 0.5, 0.5 - latitude / Math.PI];
}

export const VERTEX_SHADER = `
attribute vec2 position;
varying vec2 screen;
void main() {
  screen = position;
  gl_Position = vec4(position, 0.0, 1.0);
}`;

/** Per pixel: the ray through it, turned by pitch then yaw, looked up in the picture as `uvOf` does. */
export const FRAGMENT_SHADER = `
precision highp float;
varying vec2 screen;
uniform sampler2D picture;
uniform float yaw;
uniform float pitch;
uniform float tanHalfFov;
uniform float aspect;
const float PI = 3.14159265358979;
void main() {
  vec3 ray = normalize(vec3(screen.x * tanHalfFov * aspect, screen.y * tanHalfFov, -1.0));
  float cp = cos(pitch), sp = sin(pitch);
  ray = vec3(ray.x, ray.y * cp + ray.z * sp, -ray.y * sp + ray.z * cp);
  float cy = cos(yaw), sy = sin(yaw);
  ray = vec3(ray.x * cy - ray.z * sy, ray.y, ray.x * sy + ray.z * cy);
  float longitude = atan(ray.x, -ray.z);
  float latitude = asin(clamp(ray.y, -1.0, 1.0));
  vec2 uv = vec2(fract(longitude / (2.0 * PI) + 0.5), 0.5 - latitude / PI);
  gl_FragColor = texture2D(picture, uv);
}`;
