console.log("check placeholder");
