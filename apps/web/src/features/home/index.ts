export { HomeFigures } from './home-figures';
