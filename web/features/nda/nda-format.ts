export const NDA_LOAD_FAILED = "Failed to load NDAs";
