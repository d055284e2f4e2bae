/** Strings of the terminal UI (zh). Keys must match the other language's file. */
export default {
};
