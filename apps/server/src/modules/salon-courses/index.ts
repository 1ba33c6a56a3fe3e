/** Courses of a salon (RSV-17..22, REF-03). */
export { courseReferenceRoutes, courseRoutes } from './routes.js';
export { createCourseService, type CourseService } from './service.js';
export { courseReader } from './reader.js';
export { seedDemoCourses, DEMO_COURSES } from './seed.js';
