import { Role, type RoleId, SECTIONS, type SectionKey, staff } from '@oqu/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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
// node-forge and pkijs come with this page's chunk only
const EdsAuthorizationPage = lazy(() => import('../pages/admin/eds/EdsAuthorizationPage'));

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

// The visit log (admin-back-office.md §2 Statistics and visit log).
const VisitorsLogPage = lazy(() => import('../pages/admin/visitors-log/VisitorsLogPage'));
const TopicAttendancePage = lazy(() => import('../pages/admin/visitors-log/TopicAttendancePage'));
const TraineeTestsPage = lazy(() => import('../pages/admin/visitors-log/TraineeTestsPage'));

// Webinars (learner-and-instructor.md §2 webinars and instructor routes; admin-back-office.md §2 Webinars).
const WebinarRoomPage = lazy(() => import('../pages/user/WebinarRoomPage'));
const MobileWebinarRoomPage = lazy(() => import('../pages/mobile/MobileWebinarRoomPage'));
const ConductWebinarPage = lazy(() => import('../pages/admin/webinars/ConductWebinarPage'));
const MobileConductWebinarPage = lazy(() => import('../pages/mobile/MobileConductWebinarPage'));
const WebinarViewPage = lazy(() => import('../pages/admin/webinars/WebinarViewPage'));
const WebinarsPage = lazy(() => import('../pages/admin/webinars/WebinarsPage'));
const WebinarFormPage = lazy(() => import('../pages/admin/webinars/WebinarFormPage'));
const TeacherWebinarsPage = lazy(() => import('../pages/admin/webinars/TeacherWebinarsPage'));
const WebinarTestsPage = lazy(() => import('../pages/admin/webinars/WebinarTestsPage'));
const QuestionsInboxPage = lazy(() => import('../pages/admin/webinars/QuestionsInboxPage'));
const LearnerWebinarsPage = lazy(() => import('../pages/user/LearnerWebinarsPage'));
const AskQuestionPage = lazy(() => import('../pages/user/AskQuestionPage'));
const QuestionThreadPage = lazy(() => import('../pages/user/QuestionThreadPage'));
const LearnerWebinarTestsPage = lazy(() => import('../pages/user/LearnerWebinarTestsPage'));
const MobileWebinarsPage = lazy(() => import('../pages/mobile/MobileWebinarsPage'));
const MobileInstructorWebinarsPage = lazy(() => import('../pages/mobile/MobileInstructorWebinarsPage'));
const MobileQuestionsInboxPage = lazy(() => import('../pages/mobile/MobileQuestionsInboxPage'));
const MobileWebinarTestsPage = lazy(() => import('../pages/mobile/MobileWebinarTestsPage'));
const MobileLearnerWebinarTestsPage = lazy(() => import('../pages/mobile/MobileLearnerWebinarTestsPage'));
const MobileQuestionThreadPage = lazy(() => import('../pages/mobile/MobileQuestionThreadPage'));
const SpecMockupPage = lazy(() => import('../pages/mobile/SpecMockupPage'));

// Formal exams (admin-back-office.md §2 Exam, Report cards and results).
const ExamsPage = lazy(() => import('../pages/admin/exams/ExamsPage'));
const ExamFormPage = lazy(() => import('../pages/admin/exams/ExamFormPage'));
const ReportCardPage = lazy(() => import('../pages/admin/exams/ReportCardPage'));
const ReportCardAdminPage = lazy(() => import('../pages/admin/exams/ReportCardAdminPage'));
const ExamForExaminerPage = lazy(() => import('../pages/admin/exams/ExamForExaminerPage'));
const ExamResultsPage = lazy(() => import('../pages/admin/exams/ExamResultsPage'));
const ExamResultsAdminPage = lazy(() => import('../pages/admin/exams/ExamResultsAdminPage'));

// Certificates issued after a signed exam (issue «Results»).
const IssuedCertificatesPage = lazy(() => import('../pages/admin/issued-certificates/IssuedCertificatesPage'));
const LearnerCertificatesPage = lazy(() => import('../pages/user/LearnerCertificatesPage'));
// Statistics and their reports (issue «Results»).
const StatisticsPage = lazy(() => import('../pages/admin/statistics/StatisticsPage'));

// SCORM packages (admin-back-office.md §2 Catalogue; learner-and-instructor.md §2 SCORM).
const ScormsPage = lazy(() => import('../pages/admin/scorms/ScormsPage'));
const ScormFormPage = lazy(() => import('../pages/admin/scorms/ScormFormPage'));
const ScormPackagesPage = lazy(() => import('../pages/user/ScormPackagesPage'));
const ScormPlayerPage = lazy(() => import('../pages/user/ScormPlayerPage'));

const RolesPage = lazy(() => import('../pages/admin/roles/RolesPage'));
// The media library and VR video.
const MediaPage = lazy(() => import('../pages/admin/media/MediaPage'));
const MediaFormPage = lazy(() => import('../pages/admin/media/MediaFormPage'));
const MediaFilesPage = lazy(() => import('../pages/user/MediaFilesPage'));
const VrPage = lazy(() => import('../pages/user/VrPage'));
const MobileMainPage = lazy(() => import('../pages/mobile/MobileMainPage'));
const InstructorHomePage = lazy(() => import('../pages/mobile/InstructorHomePage'));
const FacePage = lazy(() => import('../pages/mobile/FacePage'));

// The region account's exam screens (admin-back-office.md §2 Audience; learner-and-instructor.md §2).
const AudiencePage = lazy(() => import('../pages/admin/audience/AudiencePage'));
const AudienceRegionPage = lazy(() => import('../pages/admin/audience/AudienceRegionPage'));

export const ADMIN_ROUTES: AdminRoute[] = [
  { path: 'statistics', section: 'statistics', page: StatisticsPage },
  { path: 'visitors-log', section: 'visitorsLog', page: VisitorsLogPage },
  { path: 'visitors-log-theme/:id', section: 'visitorsLog', page: TopicAttendancePage },
  { path: 'visitors-log-user/:id/:themeId', section: 'visitorsLog', page: TraineeTestsPage },

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

  { path: 'exam', section: 'exam', page: ExamsPage },
  { path: 'create-exam', section: 'exam', titleKey: 'pages.createExam', page: ExamFormPage },
  { path: 'edit-exam/:id', section: 'exam', titleKey: 'pages.editExam', page: ExamFormPage },

  { path: 'examiners', section: 'examiners', page: ExaminersPage },
  { path: 'create-examiner', section: 'examiners', page: ExaminerFormPage },
  { path: 'edit-examiner/:id', section: 'examiners', page: ExaminerFormPage },

  { path: 'webinars', section: 'webinars', page: WebinarsPage },
  { path: 'create-webinar', section: 'webinars', page: WebinarFormPage },
  { path: 'edit-webinar/:id', section: 'webinars', page: WebinarFormPage },
  { path: 'webinars-view/:id', section: 'webinars', page: WebinarViewPage },

  { path: 'conducting-webinar', section: 'conductingWebinar', page: TeachersPage },
  { path: 'create-recording-webinar', section: 'conductingWebinar', page: TeacherFormPage },
  { path: 'edit-recording-webinar/:id', section: 'conductingWebinar', page: TeacherFormPage },

  { path: 'admin-questions', section: 'adminQuestions', page: QuestionsInboxPage },

  { path: 'certificates', section: 'certificates', page: CertificatesPage },
  { path: 'create-certificate', section: 'certificates', page: CertificateFormPage },
  { path: 'edit-certificate/:id', section: 'certificates', page: CertificateFormPage },
  { path: 'issued-certificates', section: 'issuedCertificates', page: IssuedCertificatesPage },

  { path: 'scorms', section: 'scorms', page: ScormsPage },
  { path: 'create-scorm', section: 'scorms', titleKey: 'pages.createScorm', page: ScormFormPage },
  { path: 'edit-scorm/:id', section: 'scorms', titleKey: 'pages.editScorm', page: ScormFormPage },

  { path: 'media', section: 'media', page: MediaPage },
  { path: 'create-media-file', section: 'media', titleKey: 'pages.createMediaFile', page: MediaFormPage },
  { path: 'edit-media-file/:id', section: 'media', titleKey: 'pages.editMediaFile', page: MediaFormPage },

  { path: 'audience-exam', section: 'audienceExam', page: AudienceAccountsPage },
  { path: 'create-audience-exam', section: 'audienceExam', page: AudienceAccountFormPage },
  { path: 'edit-audience-exam/:id', section: 'audienceExam', page: AudienceAccountFormPage },

  { path: 'report-card-admin', section: 'adminReportCard', page: ReportCardAdminPage },
  { path: 'exam-results-admin/:id', section: 'adminReportCard', titleKey: 'pages.examResultsAdmin', page: ExamResultsAdminPage },

  { path: 'report-card', section: 'reportCard', page: ReportCardPage },
  { path: 'exam-for-examiner/:id', section: 'reportCard', titleKey: 'pages.examForExaminer', page: ExamForExaminerPage },
  { path: 'exam-results/:id', section: 'reportCard', titleKey: 'pages.examResults', page: ExamResultsPage },
  { path: 'eds-authorization', section: 'reportCard', titleKey: 'pages.edsAuthorization', page: EdsAuthorizationPage },

  { path: 'webinar', section: 'ownWebinars', page: TeacherWebinarsPage },
  { path: 'start-webinar/:id', section: 'ownWebinars', page: ConductWebinarPage },
  { path: 'webinar-exams/:id', section: 'ownWebinars', page: WebinarTestsPage },

  { path: 'questions-webinars', section: 'webinarQuestions', page: QuestionsInboxPage },

  { path: 'audience', section: 'audience', page: AudiencePage },
  { path: 'audience-region/:id', section: 'audience', page: AudienceRegionPage },

  { path: 'role', section: 'roles', page: RolesPage },
  { path: 'create-role', section: 'roles', titleKey: 'pages.createRole' },
];

export const LEARNER_ROUTES: LearnerRoute[] = [
  { path: 'main', menuKey: 'learnerMain', page: LearnerMainPage, titleKey: 'section.learnerMain' },
  { path: 'plan-education', menuKey: 'learnerPlan', page: PlanEducationPage, titleKey: 'pages.plan' },
  { path: 'tests', menuKey: 'learnerTests', page: LearnerTestsPage, titleKey: 'pages.testsAndExams' },
  { path: 'webinars', menuKey: 'learnerWebinars', page: LearnerWebinarsPage, titleKey: 'section.learnerWebinars' },
  { path: 'media-files', menuKey: 'learnerMedia', page: MediaFilesPage, titleKey: 'section.learnerMedia' },
  { path: 'certificates', menuKey: 'learnerCertificates', page: LearnerCertificatesPage, titleKey: 'section.learnerCertificates' },
  { path: 'webinar-view/:id', menuKey: 'learnerWebinars', page: WebinarRoomPage, titleKey: 'pages.webinarRoom' },
  { path: 'chat-webinar/:id', menuKey: 'learnerWebinars', page: AskQuestionPage, titleKey: 'pages.askQuestion' },
  { path: 'chat-webinar-messages/:id', menuKey: 'learnerWebinars', page: QuestionThreadPage, titleKey: 'pages.questionThread' },
  { path: 'test-list/:id', menuKey: 'learnerWebinars', page: LearnerWebinarTestsPage, titleKey: 'pages.webinarTests' },
  { path: 'testing/:id', menuKey: 'learnerTests', page: TestingPage, titleKey: 'pages.testing' },
  { path: 'scorm-package', menuKey: 'learnerScorm', page: ScormPackagesPage, titleKey: 'pages.scorm' },
  // without a package: the list
  { path: 'scorm-package-iframe', menuKey: 'learnerScorm', page: ScormPlayerPage, titleKey: 'pages.scormPlayer' },
  { path: 'scorm-package-iframe/:id', menuKey: 'learnerScorm', page: ScormPlayerPage, titleKey: 'pages.scormPlayer' },
  { path: 'vr', menuKey: 'learnerVr', page: VrPage, titleKey: 'pages.vr' },
];

const TRAINEE: readonly RoleId[] = [Role.Trainee];

export const COMPACT_ROUTES: CompactRoute[] = [
  // trainee screens
  { path: 'main', roles: TRAINEE, menuKey: 'main', page: MobileMainPage, titleKey: 'mobile.main.title' },
  { path: 'plan', roles: TRAINEE, menuKey: 'plan', page: PlanPage, titleKey: 'pages.plan' },
  { path: 'type/:id', roles: TRAINEE, menuKey: 'plan', page: TopicTypePage, titleKey: 'pages.topicsOfType' },
  { path: 'test', roles: TRAINEE, menuKey: 'tests', page: MobileTestsPage, titleKey: 'pages.testsAndExams' },
  { path: 'testing/:id', roles: TRAINEE, menuKey: 'tests', page: MobileTestingPage, titleKey: 'pages.testing' },
  { path: 'webinars', roles: TRAINEE, menuKey: 'webinars', page: MobileWebinarsPage, titleKey: 'section.learnerWebinars' },
  { path: 'face', roles: TRAINEE, menuKey: 'webinars', page: FacePage, titleKey: 'mobile.face.title' },
  { path: 'webinar-view/:id', roles: TRAINEE, menuKey: 'webinars', page: MobileWebinarRoomPage, titleKey: 'pages.webinarRoom' },
  { path: 'test-list/:id', roles: TRAINEE, menuKey: 'webinars', page: MobileLearnerWebinarTestsPage, titleKey: 'pages.webinarTests' },
  {
    path: 'webinar-chatquestions/:id',
    roles: TRAINEE,
    menuKey: 'webinars',
    page: MobileQuestionThreadPage,
    titleKey: 'pages.questionThread',
  },
  { path: 'scorm-package', roles: TRAINEE, menuKey: 'scorm', page: ScormPackagesPage, titleKey: 'pages.scorm' },
  { path: 'scorm-package-iframe/:id', roles: TRAINEE, menuKey: 'scorm', page: ScormPlayerPage, titleKey: 'pages.scormPlayer' },
  { path: 'mediafiles', roles: TRAINEE, menuKey: 'media', page: MediaFilesPage, titleKey: 'section.learnerMedia' },
  { path: 'media', roles: TRAINEE, menuKey: 'media', page: MediaFilesPage, titleKey: 'section.learnerMedia' },
  { path: 'certificates', roles: TRAINEE, menuKey: 'certificates', page: LearnerCertificatesPage, titleKey: 'section.learnerCertificates' },
  // instructor screens (admin, examiner, teacher)
  { path: 'webinar-main', roles: staff, menuKey: 'home', page: InstructorHomePage, titleKey: 'mobile.instructor.title' },
  {
    path: 'webinars-instructor',
    roles: staff,
    menuKey: 'instructorWebinars',
    page: MobileInstructorWebinarsPage,
    titleKey: 'pages.instructorWebinars',
  },
  {
    path: 'questions-webinars',
    roles: staff,
    menuKey: 'instructorQuestions',
    page: MobileQuestionsInboxPage,
    titleKey: 'pages.instructorQuestions',
  },
  {
    path: 'webinar-start/:id',
    roles: staff,
    menuKey: 'instructorWebinars',
    page: MobileConductWebinarPage,
    titleKey: 'pages.webinarConduct',
  },
  // the examiner's exams on a phone: the report card's pages, linking within this layout (features/exams/paths.ts)
  ...(
    [
      ['report-card', ReportCardPage, 'section.reportCard'],
      ['exam-for-examiner/:id', ExamForExaminerPage, 'pages.examForExaminer'],
      ['exam-results/:id', ExamResultsPage, 'pages.examResults'],
      ['eds-authorization', EdsAuthorizationPage, 'pages.edsAuthorization'],
    ] as const
  ).map(([path, page, titleKey]) => ({ path, roles: SECTIONS.reportCard.roles, menuKey: 'reportCard', page, titleKey })),
  // used from both sides (webinar tests are listed to trainees and started by instructors)
  { path: 'webinar-exams/:id', page: MobileWebinarTestsPage, titleKey: 'pages.webinarTests' },
  // static mock-ups of the spec
  { path: 'questions', page: SpecMockupPage, titleKey: 'pages.questions' },
  { path: 'webinar-questions', page: SpecMockupPage, titleKey: 'pages.webinarQuestions' },
  { path: 'webinar-ask', page: SpecMockupPage, titleKey: 'pages.askQuestion' },
  { path: 'instructor-chat', page: SpecMockupPage, titleKey: 'pages.instructorChat' },
  { path: 'instructor-doc', page: SpecMockupPage, titleKey: 'pages.instructorDocs' },
  { path: 'webinar-chat/:id', page: SpecMockupPage, titleKey: 'pages.webinarChat' },
  { path: 'webinar-media', page: SpecMockupPage, titleKey: 'pages.webinarMedia' },
  { path: 'online', page: SpecMockupPage, titleKey: 'pages.online' },
  { path: 'webinar-test', page: SpecMockupPage, titleKey: 'pages.webinarTestSample' },
];
