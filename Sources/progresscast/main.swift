print("progresscast")
