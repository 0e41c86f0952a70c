print("freetime")
