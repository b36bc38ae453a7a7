// Shown in the content column while another guild page loads: the sidebar stays, and the click answers at once.
export { default } from "../loading";
