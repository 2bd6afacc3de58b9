// The viewer's two messages (spec section 8), shared by the page and the lazily loaded viewer.

/** Shown for a general failure: the viewer could not load, or failed while open. */
export const GENERAL_ERROR = "Something Went Wrong, Please Try Again Later";
/** Shown instead of a photo whose file failed to load. */
export const IMAGE_NOT_FOUND = "Image Not Found";
