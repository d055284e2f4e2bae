/** Strings of the portal UI (en). Keys must match the other language's file. */
export default {
};
