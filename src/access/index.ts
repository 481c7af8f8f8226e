// Access rules: which scope an operation needs and which subjects a caller reaches.
export { hasScope, requireScope } from './scope.ts';
export { requireSubject, subjectFilter, visibleOrNotFound } from './subject.ts';
