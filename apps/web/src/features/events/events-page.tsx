export { default } from '../upcoming/upcoming-page';
