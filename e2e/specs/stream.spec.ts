import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { signInByApi } from '../support/accounts.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { AdminApi, runTag } from '../support/testing-data.js';

/**
 * The webinar's own live stream (learner-and-instructor.md §2 webinar room and its stream frame;
 * admin-back-office.md §2 start-webinar): the teacher broadcasts from the browser with Chromium's fake
 * camera and microphone, a trainee's player advances, and after the end the recording plays from
 * the past webinars list, with seeking.
 */

const ZONE = 'Asia/Almaty';

/** A browser whose camera and microphone are Chromium's fake devices, allowed without asking. */
function withFakeDevices(): Promise<Browser> {
  const { launchOptions } = test.info().project.use;
  return chromium.launch({
    ...launchOptions,
    args: [...(launchOptions?.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
}

/** The player's video: where it is, and whether it plays. */
const videoState = (page: Page, scope = page.getByTestId('stream-video')) =>
  scope.evaluate((video: HTMLVideoElement) => ({ time: video.currentTime, paused: video.paused, duration: video.duration }));

test('the teacher broadcasts, a trainee watches live, and the recording plays from the past webinars with seeking', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = runTag();
  const admin = await AdminApi.signIn(request);
  const data = await admin.createTest({ name: `Трансляция ${tag}`, duration: 10, passMarks: 50, questions: [], webinar: false });
  const trainee = await admin.createTrainee(data.planId, `Зритель ${tag}`);
  // within its first 30 minutes before the start: 'В процессе'
  const id = await admin.createWebinar(data, `Прямой эфир ${tag}`, new Date(Date.now() + 10 * 60_000));

  // the teacher, with a camera
  const studio = await withFakeDevices();
  const teacherContext = await studio.newContext({ locale: 'ru-RU', timezoneId: ZONE, viewport: { width: 1280, height: 720 } });
  const teacher = await teacherContext.newPage();
  await signInByApi(teacher, 'teacher');
  await teacher.goto(`/admin/start-webinar/${id}`);
  await expect(teacher.getByTestId('broadcast-state')).toHaveAttribute('data-state', 'idle', { timeout: 20_000 });
  await teacher.getByTestId('broadcast-start').click();
  await expect(teacher.getByTestId('broadcast-state')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect(teacher.getByTestId('broadcast-stop')).toBeInViewport();
  await expectNoSeriousA11yViolations(teacher);

  // a trainee joins and the player advances
  const learnerContext = await browser.newContext({ locale: 'ru-RU', timezoneId: ZONE, viewport: { width: 1280, height: 720 } });
  const learner = await learnerContext.newPage();
  await signInByApi(learner, trainee);
  await learner.goto('/user/webinars');
  await learner.getByTestId(`webinar-join-${id}`).click();
  await expect(learner).toHaveURL(`/user/webinar-view/${id}`);
  await expect(learner.getByTestId('stream-player')).toHaveAttribute('data-state', 'live', { timeout: 20_000 });
  await expect.poll(async () => (await videoState(learner)).time, { timeout: 20_000 }).toBeGreaterThan(0);
  const first = await videoState(learner);
  // the segments reach the player as they are made: ten seconds later it has played on
  await expect.poll(async () => (await videoState(learner)).time, { timeout: 20_000, intervals: [1000] }).toBeGreaterThan(first.time + 8);
  expect((await videoState(learner)).paused).toBe(false);
  // how far behind the camera the trainee sees (each segment says when it was recorded)
  const behind = Number(await learner.getByTestId('stream-video').getAttribute('data-behind-ms'));
  test.info().annotations.push({ type: 'glass-to-glass', description: `${(behind / 1000).toFixed(1)} s` });
  // about 5 s on a quiet machine (1-s chunks, 2-s segments, the player 3 s behind the newest); room for a busy one
  expect(behind).toBeGreaterThan(0);
  expect(behind).toBeLessThan(10_000);
  await expectNoSeriousA11yViolations(learner);

  // the teacher ends the webinar: the broadcast stops and becomes the recording
  await teacher.getByTestId('room-end').click();
  const confirm = teacher.getByRole('dialog', { name: 'Завершить вебинар?' });
  await expect(confirm).toBeVisible();
  await teacher.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await confirm.getByRole('button', { name: 'Завершить', exact: true }).click();
  await expect(teacher).toHaveURL('/admin/webinar');
  await studio.close();

  // the recording, from the trainee's past webinars
  await learner.goto('/user/webinars');
  await learner.getByTestId(`recording-open-${id}`).click();
  const modal = learner.getByTestId('recording-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('stream-player')).toHaveAttribute('data-state', 'recording');
  const video = modal.getByTestId('stream-video');
  await expect.poll(async () => (await videoState(learner, video)).duration, { timeout: 20_000 }).toBeGreaterThan(8);
  const { duration } = await videoState(learner, video);
  expect(Number.isFinite(duration)).toBe(true);
  // seeking: to near the end
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    element.currentTime = element.duration - 4;
    void element.play();
  });
  await expect.poll(async () => (await videoState(learner, video)).time, { timeout: 15_000 }).toBeGreaterThan(duration - 3.5);
  await expectNoSeriousA11yViolations(learner);
  await learnerContext.close();
});
