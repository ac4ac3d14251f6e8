import { Role, type RoleId, type SectionKey } from '@oqu/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { INSTRUCTOR_ROLES } from './landing';

type Page = LazyExoticComponent<ComponentType>;

/** A page of the admin area, guarded by its section's roles. No `page`: a placeholder titled `titleKey`. */
export interface AdminRoute {
  path: string;
  section: SectionKey;
  page?: Page;
  titleKey?: string;
}

/** A page of the learner area (/user/*, trainees only). */
export interface LearnerRoute {
  path: string;
  menuKey?: SectionKey;
  page?: Page;
  titleKey: string;
}

/** A root-level page of the compact layout; `roles` omitted: any signed-in user. */
export interface CompactRoute {
  path: string;
  roles?: readonly RoleId[];
  menuKey?: string;
  page?: Page;
  titleKey: string;
}

// Screens written by the people-screens work (admin-back-office.md §2, Users and Catalogue).
const UsersPage = lazy(() => import('../pages/admin/users/UsersPage'));
const CreateUserPage = lazy(() => import('../pages/admin/users/CreateUserPage'));
const ExaminersPage = lazy(() => import('../pages/admin/examiners/ExaminersPage'));
const ExaminerFormPage = lazy(() => import('../pages/admin/examiners/ExaminerFormPage'));
const TeachersPage = lazy(() => import('../pages/admin/conducting-webinar/TeachersPage'));
const TeacherFormPage = lazy(() => import('../pages/admin/conducting-webinar/TeacherFormPage'));
const AudienceAccountsPage = lazy(() => import('../pages/admin/audience-exam/AudienceAccountsPage'));
const AudienceAccountFormPage = lazy(() => import('../pages/admin/audience-exam/AudienceAccountFormPage'));

// The catalogue (admin-back-office.md §2 Catalogue) and the trainee's plan (learner-and-instructor.md §2).
const PlansPage = lazy(() => import('../pages/admin/plans/PlansPage'));
const PlanFormPage = lazy(() => import('../pages/admin/plans/PlanFormPage'));
const ThemesPage = lazy(() => import('../pages/admin/themes/ThemesPage'));
const ThemeFormPage = lazy(() => import('../pages/admin/themes/ThemeFormPage'));
const CertificatesPage = lazy(() => import('../pages/admin/certificates/CertificatesPage'));
const CertificateFormPage = lazy(() => import('../pages/admin/certificates/CertificateFormPage'));
const TestsPage = lazy(() => import('../pages/admin/tests/TestsPage'));
const TestFormPage = lazy(() => import('../pages/admin/tests/TestFormPage'));
const QuestionsPage = lazy(() => import('../pages/admin/questions/QuestionsPage'));
const QuestionFormPage = lazy(() => import('../pages/admin/questions/QuestionFormPage'));
const LearnerMainPage = lazy(() => import('../pages/user/LearnerMainPage'));
const PlanEducationPage = lazy(() => import('../pages/user/PlanEducationPage'));
const PlanPage = lazy(() => import('../pages/mobile/PlanPage'));
const TopicTypePage = lazy(() => import('../pages/mobile/TopicTypePage'));

// The testing engine (learner-and-instructor.md §2 tests and testing; admin-back-office.md §2 Retakes).
const LearnerTestsPage = lazy(() => import('../pages/user/LearnerTestsPage'));
const TestingPage = lazy(() => import('../pages/user/TestingPage'));
const MobileTestsPage = lazy(() => import('../pages/mobile/MobileTestsPage'));
const MobileTestingPage = lazy(() => import('../pages/mobile/MobileTestingPage'));
const RetakesPage = lazy(() => import('../pages/admin/retakes/RetakesPage'));
const RetakeFormPage = lazy(() => import('../pages/admin/retakes/RetakeFormPage'));

const RolesPage = lazy(() => import('../pages/admin/roles/RolesPage'));
const MobileMainPage = lazy(() => import('../pages/mobile/MobileMainPage'));
const InstructorHomePage = lazy(() => import('../pages/mobile/InstructorHomePage'));
const FacePage = lazy(() => import('../pages/mobile/FacePage'));

export const ADMIN_ROUTES: AdminRoute[] = [
  { path: 'statistics', section: 'statistics' },
  { path: 'visitors-log', section: 'visitorsLog' },
  { path: 'visitors-log-theme/:id', section: 'visitorsLog', titleKey: 'pages.visitorsLogTheme' },
  { path: 'visitors-log-user/:id/:themeId', section: 'visitorsLog', titleKey: 'pages.visitorsLogUser' },

  { path: 'users', section: 'users', page: UsersPage },
  { path: 'create-user', section: 'users', page: CreateUserPage },
  { path: 'users-test', section: 'users', titleKey: 'pages.usersTest' },

  { path: 'plan-education', section: 'planEducation', page: PlansPage },
  { path: 'create-plan', section: 'planEducation', page: PlanFormPage },
  { path: 'edit-plan/:id', section: 'planEducation', page: PlanFormPage },

  { path: 'themes', section: 'themes', page: ThemesPage },
  { path: 'create-themes', section: 'themes', page: ThemeFormPage },
  { path: 'edit-theme/:id', section: 'themes', page: ThemeFormPage },

  { path: 'tests', section: 'tests', page: TestsPage },
  { path: 'create-test', section: 'tests', page: TestFormPage },
  { path: 'edit-test/:id', section: 'tests', page: TestFormPage },

  { path: 'questions', section: 'questions', page: QuestionsPage },
  { path: 'create-question', section: 'questions', page: QuestionFormPage },
  { path: 'edit-question/:id', section: 'questions', page: QuestionFormPage },

  { path: 'retake', section: 'retakes', page: RetakesPage },
  { path: 'create-retake', section: 'retakes', page: RetakeFormPage },
  { path: 'edit-retake/:id', section: 'retakes', page: RetakeFormPage },

  { path: 'exam', section: 'exam' },
  { path: 'create-exam', section: 'exam', titleKey: 'pages.createExam' },
  { path: 'edit-exam/:id', section: 'exam', titleKey: 'pages.editExam' },

  { path: 'examiners', section: 'examiners', page: ExaminersPage },
  { path: 'create-examiner', section: 'examiners', page: ExaminerFormPage },
  { path: 'edit-examiner/:id', section: 'examiners', page: ExaminerFormPage },

  { path: 'webinars', section: 'webinars' },
  { path: 'create-webinar', section: 'webinars', titleKey: 'pages.createWebinar' },
  { path: 'edit-webinar/:id', section: 'webinars', titleKey: 'pages.editWebinar' },
  { path: 'webinars-view/:id', section: 'webinars', titleKey: 'pages.webinarView' },

  { path: 'conducting-webinar', section: 'conductingWebinar', page: TeachersPage },
  { path: 'create-recording-webinar', section: 'conductingWebinar', page: TeacherFormPage },
  { path: 'edit-recording-webinar/:id', section: 'conductingWebinar', page: TeacherFormPage },

  { path: 'admin-questions', section: 'adminQuestions' },

  { path: 'certificates', section: 'certificates', page: CertificatesPage },
  { path: 'create-certificate', section: 'certificates', page: CertificateFormPage },
  { path: 'edit-certificate/:id', section: 'certificates', page: CertificateFormPage },

  { path: 'scorms', section: 'scorms' },
  { path: 'create-scorm', section: 'scorms', titleKey: 'pages.createScorm' },
  { path: 'edit-scorm/:id', section: 'scorms', titleKey: 'pages.editScorm' },
  { path: 'create-media-file', section: 'scorms', titleKey: 'pages.createMediaFile' },

  { path: 'audience-exam', section: 'audienceExam', page: AudienceAccountsPage },
  { path: 'create-audience-exam', section: 'audienceExam', page: AudienceAccountFormPage },
  { path: 'edit-audience-exam/:id', section: 'audienceExam', page: AudienceAccountFormPage },

  { path: 'report-card-admin', section: 'adminReportCard' },
  { path: 'exam-results-admin/:id', section: 'adminReportCard', titleKey: 'pages.examResultsAdmin' },

  { path: 'report-card', section: 'reportCard' },
  { path: 'exam-for-examiner/:id', section: 'reportCard', titleKey: 'pages.examForExaminer' },
  { path: 'exam-results/:id', section: 'reportCard', titleKey: 'pages.examResults' },
  { path: 'eds-authorization', section: 'reportCard', titleKey: 'pages.edsAuthorization' },

  { path: 'webinar', section: 'ownWebinars' },
  { path: 'start-webinar/:id', section: 'ownWebinars', titleKey: 'pages.webinarConduct' },
  { path: 'webinar-exams/:id', section: 'ownWebinars', titleKey: 'pages.webinarTests' },

  { path: 'questions-webinars', section: 'webinarQuestions' },

  { path: 'audience', section: 'audience' },
  { path: 'audience-region/:id', section: 'audience', titleKey: 'pages.audienceRegion' },

  { path: 'role', section: 'roles', page: RolesPage },
  { path: 'create-role', section: 'roles', titleKey: 'pages.createRole' },
];

export const LEARNER_ROUTES: LearnerRoute[] = [
  { path: 'main', menuKey: 'learnerMain', page: LearnerMainPage, titleKey: 'section.learnerMain' },
  { path: 'plan-education', menuKey: 'learnerPlan', page: PlanEducationPage, titleKey: 'pages.plan' },
  { path: 'tests', menuKey: 'learnerTests', page: LearnerTestsPage, titleKey: 'pages.testsAndExams' },
  { path: 'webinars', menuKey: 'learnerWebinars', titleKey: 'section.learnerWebinars' },
  { path: 'media-files', menuKey: 'learnerMedia', titleKey: 'section.learnerMedia' },
  { path: 'webinar-view/:id', menuKey: 'learnerWebinars', titleKey: 'pages.webinarRoom' },
  { path: 'chat-webinar/:id', menuKey: 'learnerWebinars', titleKey: 'pages.askQuestion' },
  { path: 'chat-webinar-messages/:id', menuKey: 'learnerWebinars', titleKey: 'pages.questionThread' },
  { path: 'test-list/:id', menuKey: 'learnerWebinars', titleKey: 'pages.webinarTests' },
  { path: 'testing/:id', menuKey: 'learnerTests', page: TestingPage, titleKey: 'pages.testing' },
  { path: 'scorm-package', titleKey: 'pages.scorm' },
  { path: 'scorm-package-iframe', titleKey: 'pages.scormPlayer' },
  { path: 'vr', titleKey: 'pages.vr' },
];

const TRAINEE: readonly RoleId[] = [Role.Trainee];

export const COMPACT_ROUTES: CompactRoute[] = [
  // trainee screens
  { path: 'main', roles: TRAINEE, menuKey: 'main', page: MobileMainPage, titleKey: 'mobile.main.title' },
  { path: 'plan', roles: TRAINEE, menuKey: 'plan', page: PlanPage, titleKey: 'pages.plan' },
  { path: 'type/:id', roles: TRAINEE, menuKey: 'plan', page: TopicTypePage, titleKey: 'pages.topicsOfType' },
  { path: 'test', roles: TRAINEE, menuKey: 'tests', page: MobileTestsPage, titleKey: 'pages.testsAndExams' },
  { path: 'testing/:id', roles: TRAINEE, menuKey: 'tests', page: MobileTestingPage, titleKey: 'pages.testing' },
  { path: 'webinars', roles: TRAINEE, menuKey: 'webinars', titleKey: 'section.learnerWebinars' },
  { path: 'face', roles: TRAINEE, menuKey: 'webinars', page: FacePage, titleKey: 'mobile.face.title' },
  { path: 'webinar-view/:id', roles: TRAINEE, menuKey: 'webinars', titleKey: 'pages.webinarRoom' },
  { path: 'test-list/:id', roles: TRAINEE, menuKey: 'webinars', titleKey: 'pages.webinarTests' },
  { path: 'webinar-chatquestions/:id', roles: TRAINEE, menuKey: 'webinars', titleKey: 'pages.questionThread' },
  { path: 'mediafiles', roles: TRAINEE, menuKey: 'media', titleKey: 'section.learnerMedia' },
  { path: 'media', roles: TRAINEE, menuKey: 'media', titleKey: 'section.learnerMedia' },
  // instructor screens (admin, examiner, teacher)
  { path: 'webinar-main', roles: INSTRUCTOR_ROLES, menuKey: 'home', page: InstructorHomePage, titleKey: 'mobile.instructor.title' },
  { path: 'webinars-instructor', roles: INSTRUCTOR_ROLES, menuKey: 'instructorWebinars', titleKey: 'pages.instructorWebinars' },
  { path: 'questions-webinars', roles: INSTRUCTOR_ROLES, menuKey: 'instructorQuestions', titleKey: 'pages.instructorQuestions' },
  { path: 'webinar-start/:id', roles: INSTRUCTOR_ROLES, menuKey: 'instructorWebinars', titleKey: 'pages.webinarConduct' },
  // used from both sides (webinar tests are listed to trainees and started by instructors)
  { path: 'webinar-exams/:id', titleKey: 'pages.webinarTests' },
  // static mock-ups of the spec
  { path: 'questions', titleKey: 'pages.questions' },
  { path: 'webinar-questions', titleKey: 'pages.webinarQuestions' },
  { path: 'webinar-ask', titleKey: 'pages.askQuestion' },
  { path: 'instructor-chat', titleKey: 'pages.instructorChat' },
  { path: 'instructor-doc', titleKey: 'pages.instructorDocs' },
  { path: 'webinar-chat/:id', titleKey: 'pages.webinarChat' },
  { path: 'webinar-media', titleKey: 'pages.webinarMedia' },
  { path: 'online', titleKey: 'pages.online' },
  { path: 'webinar-test', titleKey: 'pages.webinarTestSample' },
  { path: 'eds-authorization', titleKey: 'pages.edsAuthorization' },
];
