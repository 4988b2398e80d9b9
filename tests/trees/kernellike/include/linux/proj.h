/* a header of the project, under include/linux/ */
