/** Strings of the terminal UI (en). Keys must match the other language's file. */
export default {
};
